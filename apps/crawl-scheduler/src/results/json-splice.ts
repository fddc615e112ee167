/**
 * `JSON.stringify` of an object made of `before`'s members, then `key` holding `rawJson` (JSON text used as it is),
 * then `after`'s members: a large stored document goes into a reply without being parsed and serialised again.
 * `rawJson` must be valid JSON text; members `JSON.stringify` leaves out (undefined values) are left out here too.
 */
export function jsonWithRawMember(before: object, key: string, rawJson: string, after: object = {}): string {
  const head = JSON.stringify(before).slice(0, -1);
  const tail = JSON.stringify(after).slice(1);
  return `${head}${head === '{' ? '' : ','}${JSON.stringify(key)}:${rawJson}${tail === '}' ? '' : ','}${tail}`;
}
