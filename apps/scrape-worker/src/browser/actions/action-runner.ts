import type { KeyInput, Page, PaperFormat } from 'puppeteer-core';
import { type ActionOption, type ActionOutputs, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { ScrapeFileStore } from '../../files/scrape-file-store';
import { settle } from '../settle';
import { captureScreenshot } from './capture';

export interface ActionContext {
  page: Page;
  files: ScrapeFileStore;
  teamId: string;
  /** Epoch ms by which every action must be done. */
  deadlineAt: number;
}

type ActionHandler = (action: ActionOption, context: ActionContext, outputs: ActionOutputs) => Promise<void>;

function remainingMs(context: ActionContext): number {
  return Math.max(1, context.deadlineAt - Date.now());
}

function required<K extends keyof ActionOption>(action: ActionOption, field: K): NonNullable<ActionOption[K]> {
  const value = action[field];
  if (value === undefined || value === null) throw new Error(`${String(field)} is required`);
  return value;
}

/** Runs a script as an expression; scripts with a top-level `return` run as the body of an async function. */
async function evaluateScript(page: Page, script: string): Promise<unknown> {
  try {
    return await page.evaluate(script);
  } catch (error) {
    if (!/Illegal return statement/.test((error as Error).message)) throw error;
    return page.evaluate(`(async () => {\n${script}\n})()`);
  }
}

const HANDLERS: Record<ActionOption['type'], ActionHandler> = {
  wait: async (action, context) => {
    if (action.selector) await context.page.waitForSelector(action.selector, { timeout: remainingMs(context) });
    else
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(required(action, 'milliseconds'), remainingMs(context))),
      );
  },
  click: async (action, context) => {
    const selector = required(action, 'selector');
    if (action.all) {
      const elements = await context.page.$$(selector);
      if (elements.length === 0) throw new Error(`no element matches ${selector}`);
      for (const element of elements) await element.click();
    } else {
      await context.page.waitForSelector(selector, { timeout: Math.min(5_000, remainingMs(context)) });
      await context.page.click(selector);
    }
    await settle(context.page, remainingMs(context));
  },
  write: async (action, context) => {
    await context.page.keyboard.type(required(action, 'text'));
  },
  press: async (action, context) => {
    await context.page.keyboard.press(required(action, 'key') as KeyInput);
    await settle(context.page, remainingMs(context));
  },
  scroll: async (action, context) => {
    const sign = action.direction === 'up' ? -1 : 1;
    const script = action.selector
      ? `(() => { const element = document.querySelector(${JSON.stringify(action.selector)});
           if (!element) throw new Error('no element matches ' + ${JSON.stringify(action.selector)});
           element.scrollBy(0, ${sign} * element.clientHeight); element.scrollIntoView({ block: 'nearest' }); })()`
      : `window.scrollBy(0, ${sign} * window.innerHeight)`;
    await context.page.evaluate(script);
    await settle(context.page, remainingMs(context));
  },
  screenshot: async (action, context, outputs) => {
    const request = { fullPage: action.fullPage ?? false, quality: action.quality, viewport: action.viewport };
    outputs.screenshots.push(await captureScreenshot(context.page, request, context.files, context.teamId));
  },
  scrape: async (_action, context, outputs) => {
    outputs.scrapes.push({ url: context.page.url(), html: await context.page.content() });
  },
  executeJavascript: async (action, context, outputs) => {
    const value = await evaluateScript(context.page, required(action, 'script'));
    outputs.javascriptReturns.push({ type: value === null ? 'null' : typeof value, value: value ?? null });
  },
  pdf: async (action, context, outputs) => {
    const pdf = await context.page.pdf({
      landscape: action.landscape ?? false,
      scale: action.scale ?? 1,
      format: (action.format ?? 'Letter') as PaperFormat,
      printBackground: true,
      timeout: remainingMs(context),
    });
    outputs.pdfs.push(await context.files.put(context.teamId, 'pdf', Buffer.from(pdf)));
  },
};

/**
 * Runs the actions in order and collects what they produce. A failing action stops the scrape with an error
 * naming the action and its position.
 */
export async function runActions(actions: ActionOption[], context: ActionContext): Promise<ActionOutputs> {
  const outputs: ActionOutputs = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  for (const [index, action] of actions.entries()) {
    if (Date.now() >= context.deadlineAt) {
      throw new DomainError(ErrorCode.ScrapeTimeout, `Scrape timed out before action ${index} (${action.type})`, {
        index,
        type: action.type,
      });
    }
    try {
      await HANDLERS[action.type](action, context, outputs);
    } catch (error) {
      throw new DomainError(
        ErrorCode.ScrapeActionError,
        `Action ${index} (${action.type}) failed: ${(error as Error).message}`,
        {
          index,
          type: action.type,
        },
      );
    }
  }
  return outputs;
}
