// Page errors and console.error calls of a Playwright or puppeteer page (both
// emit the same 'pageerror' and 'console' events), collected for the tests'
// "no console errors" checks. WebKit's WebDriver has no such events: see webkit.mjs.
export function recordPageProblems(page) {
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  return problems;
}
