import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetLookup = MetadataStorage['getTargetValidationMetadatas'];
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

/**
 * Makes class-validator find a class's rules once instead of on every `validate()`. Its metadata storage answers each
 * call by filtering every rule of the class and testing the class against every other registered class for
 * inheritance (hundreds of contract and DTO classes here): 17 % of billing-service's CPU under load, decoding one
 * small usage event per charge, and about 4 % of the gateway's (docs/benchmarks.md, "Request path"). Every service
 * installs it at boot ({@link bootstrapService}). The answers are kept per class and options, and
 * forgotten whenever a rule is registered, so a class loaded late is still seen whole.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const lookup: TargetLookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let targets = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let groupings = new WeakMap<ValidationMetadata[], Grouped>();

  storage.addValidationMetadata = (metadata) => {
    targets = new Map();
    groupings = new WeakMap();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    const options = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byOptions = targets.get(targetConstructor);
    if (!byOptions) targets.set(targetConstructor, (byOptions = new Map<string, ValidationMetadata[]>()));
    let found = byOptions.get(options);
    if (!found) byOptions.set(options, (found = lookup(targetConstructor, targetSchema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let grouped = groupings.get(metadata);
    if (!grouped) groupings.set(metadata, (grouped = group(metadata)));
    return grouped;
  };
}
