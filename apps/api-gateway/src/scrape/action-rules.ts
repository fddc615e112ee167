import { type ActionOption, MAX_ACTIONS, MAX_ACTION_WAIT_MS } from '@wh/contracts';

/** One problem with a request field, as listed in a 400's `details`. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** Fields each action kind cannot do without. */
const REQUIRED_FIELDS: Partial<Record<ActionOption['type'], (keyof ActionOption)[]>> = {
  click: ['selector'],
  write: ['text'],
  press: ['key'],
  executeJavascript: ['script'],
};

/** Fields that belong to each action kind (besides `type`). */
const ALLOWED_FIELDS: Record<ActionOption['type'], (keyof ActionOption)[]> = {
  wait: ['milliseconds', 'selector'],
  click: ['selector', 'all'],
  write: ['text'],
  press: ['key'],
  scroll: ['direction', 'selector'],
  screenshot: ['fullPage', 'quality', 'viewport'],
  scrape: [],
  executeJavascript: ['script'],
  pdf: ['landscape', 'scale', 'format'],
};

const PDF_FORMATS = ['Letter', 'Legal', 'Tabloid', 'Ledger', 'A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6'];

function problemsOf(action: ActionOption, index: number): FieldProblem[] {
  const path = `actions.${index}`;
  const problems: FieldProblem[] = [];
  for (const field of REQUIRED_FIELDS[action.type] ?? []) {
    if (action[field] === undefined)
      problems.push({ path: `${path}.${field}`, message: `a ${action.type} action needs ${field}` });
  }
  for (const [field, value] of Object.entries(action)) {
    if (field === 'type' || value === undefined) continue;
    if (!ALLOWED_FIELDS[action.type].includes(field as keyof ActionOption)) {
      problems.push({ path: `${path}.${field}`, message: `${field} is not a field of a ${action.type} action` });
    }
  }
  if (action.type === 'wait' && (action.milliseconds === undefined) === (action.selector === undefined)) {
    problems.push({ path: `${path}.milliseconds`, message: 'a wait action needs either milliseconds or selector' });
  }
  if (action.type === 'pdf' && action.format !== undefined && !PDF_FORMATS.includes(action.format)) {
    problems.push({ path: `${path}.format`, message: `format must be one of ${PDF_FORMATS.join(', ')}` });
  }
  return problems;
}

/**
 * Problems with an action list: kinds missing their fields or carrying another kind's, more than
 * {@link MAX_ACTIONS} actions, more than {@link MAX_ACTION_WAIT_MS} of waiting together with `waitFor`.
 */
export function actionListProblems(actions: ActionOption[], waitForMs: number): FieldProblem[] {
  const problems = actions.flatMap((action, index) => problemsOf(action, index));
  if (actions.length > MAX_ACTIONS) {
    problems.push({ path: 'actions', message: `at most ${MAX_ACTIONS} actions are allowed, not ${actions.length}` });
  }
  const waiting = actions.reduce(
    (total, action) => total + (action.type === 'wait' ? (action.milliseconds ?? 0) : 0),
    waitForMs,
  );
  if (waiting > MAX_ACTION_WAIT_MS) {
    problems.push({
      path: 'actions',
      message: `wait actions and waitFor add up to ${waiting} ms, more than the ${MAX_ACTION_WAIT_MS} ms allowed`,
    });
  }
  return problems;
}
