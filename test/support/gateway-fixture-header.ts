// What a gateway fixture's in.yaml asks for in its header comments: "# gateway-class: NAME",
// "# implementation: ID" and "# implementation-version: vX.Y.Z" (the implementation's policies are written
// for that release, default the newest imported).
export function fixtureOptions(text: string): {
  gatewayClassName: string | null;
  implementation: string | null;
  implementationVersion: string | null;
} {
  const header = (key: string) => new RegExp(`^# ${key}: (.+)$`, 'm').exec(text)?.[1]?.trim() ?? null;
  return {
    gatewayClassName: header('gateway-class'),
    implementation: header('implementation'),
    implementationVersion: header('implementation-version'),
  };
}
