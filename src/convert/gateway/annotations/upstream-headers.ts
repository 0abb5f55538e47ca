// upstream-headers: an annotation that sets one request header towards the backend becomes a
// RequestHeaderModifier `set`. Which header is the record's to say (role set-header, header), so no header
// is named here.
import { unknownRole, type Strategy } from './strategy';

export const upstreamHeaders: Strategy = {
  id: 'upstream-headers',
  read(use, record, settings) {
    if (record.role !== 'set-header' || !record.header) return unknownRole(record, 'upstream-headers');
    if (use.value.trim() === '' || /[\r\n]/.test(use.value)) return 'the header value is empty or spans lines';
    if (/\$/.test(use.value)) return 'the value uses nginx variables, which a Gateway cannot fill in';
    settings.headers.push({ use, name: record.header, value: use.value.trim() });
    return null;
  },
};
