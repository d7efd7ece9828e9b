import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Resolves once no finite animation or transition has run anywhere on the page for a quarter of a
 * second (spinners loop forever and are not waited for). Not one frame: a closing list's fade can start
 * a frame after the click that closed it.
 */
export async function animationsQuiet(page: Page): Promise<void> {
  await page.evaluate(() => ((window as { axeQuietSince?: number }).axeQuietSince = undefined));
  await page.waitForFunction(
    () => {
      const holder = window as { axeQuietSince?: number };
      const moving = document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (moving) holder.axeQuietSince = undefined;
      else holder.axeQuietSince ??= performance.now();
      return holder.axeQuietSince !== undefined && performance.now() - holder.axeQuietSince >= 250;
    },
    undefined,
    { timeout: 10000, polling: 50 },
  );
}

/** The serious and critical axe findings of the page as it is now (open dialogs included), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog still fading in has half-transparent text, which axe reads as low contrast: let finite
  // transitions end first.
  await animationsQuiet(page);
  // Legacy mode runs axe in the page and its (same-origin) frames with axe's own frame messages, where
  // the default opens a blank page to assemble the frames' partial results: a quarter of the time on a
  // data grid (0.5 s against 2.3 s). Only the violations are gathered: passes are not reported.
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join(', ')}`,
    );
}
