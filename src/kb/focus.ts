// The SIG this knowledge base is about: release notes are imported and proposed for it unless told otherwise,
// and within a rank what it owns comes first.
export const FOCUS_SIG = 'Network';
