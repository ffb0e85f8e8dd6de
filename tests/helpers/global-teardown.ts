/** Prints the counts kept by summary-reporter.js as the log's closing line. */
export default function globalTeardown(): void {
  const summary = process.env.INDX_TEST_SUMMARY;
  if (summary !== undefined) process.stderr.write(`${summary}\n`);
}
