import { AxeBuilder as PlaywrightAxeBuilder } from "@axe-core/playwright";

/**
 * The specs' axe checks: @axe-core/playwright's builder in its legacy mode, which runs axe once in
 * the page itself. Its default runs axe in each frame and then opens a blank page of its own to
 * combine the results: about 2 s more per check on this 2-core machine (a dialog's check, 5 s
 * against 3 s, 2026-12-02), and our pages have no frames of another origin for it to reach.
 */
export default class AxeBuilder extends PlaywrightAxeBuilder {
  constructor(...args: ConstructorParameters<typeof PlaywrightAxeBuilder>) {
    super(...args);
    this.setLegacyMode(true);
  }
}
