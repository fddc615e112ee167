// class-transformer ships the storage's types under `types/` and its code under `cjs/`; this joins the two.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
