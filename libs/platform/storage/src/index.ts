export * from './object-storage';
export { LocalFolderStorage } from './local-folder-storage';
export { S3_STREAM_PART_BYTES, S3Storage, type S3StorageSettings } from './s3-storage';
export { signObjectKey, verifyObjectSignature } from './signed-url';
export { SignedFileUrls } from './signed-file-urls';
export { createObjectStorage, type ObjectStorageSettings } from './create-object-storage';
