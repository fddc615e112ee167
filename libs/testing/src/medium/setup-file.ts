// Integration specs wait for asynchronous outcomes with `eventually` (10 s by default): a test's own timeout must
// be longer, or a slow broker shows up as Jest's bare "Exceeded timeout" instead of the assertion that failed.
jest.setTimeout(15_000);
