import { dereference, isPlainObject, type JsonSchema, typesOf } from '@wh/extraction';

/**
 * How a job's schema asks to be answered. `list`: "list every X" (a top-level array, or an object whose one list of
 * objects is the point of it): each page is read on its own and the lists are joined. `single`: one answer
 * gathered from all pages together.
 */
export type AnswerShape = { kind: 'single' } | { kind: 'list'; key?: string };

const isList = (schema: unknown, root: JsonSchema): boolean => {
  if (!isPlainObject(schema)) return false;
  const resolved = dereference(schema, root);
  return typesOf(resolved).includes('array') || (resolved.items !== undefined && typesOf(resolved).length === 0);
};

const isListOfObjects = (schema: unknown, root: JsonSchema): boolean => {
  if (!isList(schema, root)) return false;
  const items = dereference(schema as JsonSchema, root).items;
  if (!isPlainObject(items)) return false;
  const resolved = dereference(items, root);
  return typesOf(resolved).includes('object') || isPlainObject(resolved.properties);
};

export function answerShape(schema: JsonSchema | undefined): AnswerShape {
  if (!schema) return { kind: 'single' };
  const root = dereference(schema, schema);
  if (isList(root, schema)) return { kind: 'list' };
  const properties = isPlainObject(root.properties) ? root.properties : {};
  const lists = Object.entries(properties).filter(([, property]) => isListOfObjects(property, schema));
  const others = Object.entries(properties).filter(([, property]) => isList(property, schema));
  // Two lists (a recipe's ingredients and steps) describe one thing; one list of objects beside scalars is a catalogue.
  return lists.length === 1 && others.length === 1 ? { kind: 'list', key: lists[0][0] } : { kind: 'single' };
}
