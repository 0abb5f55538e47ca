// How a change record names the entities it touches: "<type>:<key>", one key format per entity type.
export type SubjectType = 'gate' | 'flag' | 'api' | 'field' | 'key' | 'metric';

export function subjectKey(type: SubjectType, r: Record<string, any>): string {
  switch (type) {
    case 'gate':
      return r.name;
    case 'flag':
      return `${r.component} ${r.name}`;
    case 'api':
      return `${r.apiVersion} ${r.kind}`;
    case 'field':
      return `${r.kind} ${r.path}`;
    case 'key':
      return r.key;
    case 'metric':
      return `${r.component} ${r.name}`;
  }
}

export function parseSubjectRef(ref: string): { type: SubjectType; key: string } {
  const sep = ref.indexOf(':');
  return { type: ref.slice(0, sep) as SubjectType, key: ref.slice(sep + 1) };
}
