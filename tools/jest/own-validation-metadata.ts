// Jest gives every test file the globals of the process it runs in, captured when the test environment loads. Run in
// band (one worker on a 2-core machine), that process has already run the e2e global setup, which loads
// class-validator: its metadata storage would then be one object shared by every later test file, each registering its
// own copy of the classes it loads. A class whose rules read differently in two files (validator's isURL fills its
// defaults into a URL rule's options once a URL is validated) then shows up as two classes of one name. Each file
// gets a storage of its own, as it would in a worker.
Object.defineProperty(globalThis, 'classValidatorMetadataStorage', {
  value: undefined,
  writable: true,
  configurable: true,
});
