// Keeps the run's counts (in this process's environment) so the global teardown, which runs
// after jest's own summary, can print one plain closing line as the last line of the log:
// "Tests: N passed, N failed, N skipped".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    process.env.INDX_TEST_SUMMARY = `Tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`;
  }
}

module.exports = SummaryReporter;
