"""The axe-core audit the e2e tests run (npm axe-core, the version in package-lock.json)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

REPOSITORY = Path(__file__).resolve().parents[1]
AXE = REPOSITORY / "node_modules" / "axe-core" / "axe.min.js"


def audit(page: Page) -> list[str]:
    """The serious and critical axe violations of the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    results = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.impact} ${v.id}: ${v.help} -> ` + v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | '));
    }""")
    return results
