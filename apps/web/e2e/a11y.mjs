// axe-core in the page (the npm package's own build, evaluated in it) and the helpers the
// accessibility and phone browser tests share: every route of src/app/routes.tsx and every dialog.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an injected <script>.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until the page shows what it loaded: no request in flight, no spinner, no running animation. */
export async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('.chakra-spinner, [aria-busy="true"]') &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * The critical and serious axe violations of the page (or of `selector` only), as readable lines:
 * rule, impact, what it means and the first nodes that break it.
 */
export function seriousViolations(page, selector) {
  return violationLines(page, { selector, keep: ['critical', 'serious'] });
}

/**
 * The page's structure as a screen reader's user navigates it: headings that skip a level and content
 * outside every landmark (moderate in axe, so not in seriousViolations), and any of `moreRules`.
 */
export function structureViolations(page, moreRules = []) {
  return violationLines(page, { rules: ['heading-order', 'region', ...moreRules] });
}

/**
 * The rules about labels and accessible names, run at every impact level (minor and moderate included):
 * a control, dialog, landmark or image without a name, a label that names nothing, a name that hides the
 * visible label.
 */
export const NAME_RULES = [
  'label',
  'label-title-only',
  'label-content-name-mismatch',
  'form-field-multiple-labels',
  'button-name',
  'input-button-name',
  'link-name',
  'select-name',
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-tooltip-name',
  'aria-treeitem-name',
  'image-alt',
  'svg-img-alt',
  'role-img-alt',
  'landmark-unique',
  'empty-heading',
];

/**
 * The page's label and name problems at every impact level (NAME_RULES), and every `<label for>` whose id
 * is no labelable element of the page (axe only asks whether a field has some name, not whether a label
 * is linked).
 */
export async function nameViolations(page) {
  const unlinked = await page.evaluate(() =>
    [...document.querySelectorAll('label[for]')]
      .filter((label) => {
        const target = document.getElementById(label.htmlFor);
        return !target || !target.matches('input:not([type="hidden"]), select, textarea, button, meter, output, progress');
      })
      .map((label) => `label-for: "${label.textContent?.trim()}" points to #${label.htmlFor}, which is no field`),
  );
  return [...(await violationLines(page, { rules: NAME_RULES })), ...unlinked];
}

async function violationLines(page, { selector = null, rules = null, keep = null }) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ context, only }) => {
      const options = { resultTypes: ['violations'], ...(only && { runOnly: { type: 'rule', values: only } }) };
      const results = await window.axe.run(context ? document.querySelector(context) : document, options);
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map(
          (n) =>
            `${n.target.join(' ')} ${n.html.slice(0, 160)}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('')}` : ''}`,
        ),
      }));
    },
    { context: selector, only: rules },
  );
  return violations
    .filter((v) => !keep || keep.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n    ${v.nodes.slice(0, 4).join('\n    ')}`);
}

/** Every route of the authenticated route table (src/app/routes.tsx), with the demo data's ids. */
export async function routeTable(product) {
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const [{ id: userId }] = await product.sql(`SELECT id FROM users WHERE email = 'maria@wkflow.local'`);
  return [
    '/',
    '/kanban',
    '/clients',
    `/clients/${clientId}`,
    '/users',
    '/users/register',
    '/users/profiles',
    '/users/permissions',
    '/users/approvals',
    `/users/${userId}/edit`,
    '/profile',
    '/onboarding',
    '/chat',
    '/analytics',
    '/time-management',
    '/notifications',
    '/notifications/all',
    '/recommendations',
    '/learning',
    '/themes',
    '/admin/settings',
    '/admin/ai-test',
    '/no-such-page',
  ];
}

/** The dialogs: how to open each from its page, and the element that is the open dialog. */
export async function dialogTable(product) {
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const [{ id: taskId }] = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE t."isArchived" = false AND c.name NOT ILIKE '%conclu%' ORDER BY t.deadline LIMIT 1`,
  );
  const taskDialog = (page) => page.getByTestId('task-dialog');
  const roleDialog = (page) => page.getByRole('dialog');
  return [
    { name: 'task-create', path: '/', open: (page) => headerAction(page, 'new-task', '/?new=task'), dialog: taskDialog },
    {
      name: 'task-edit',
      path: '/',
      open: (page) => page.getByTestId(`task-card-${taskId}`).click(),
      dialog: taskDialog,
    },
    {
      name: 'move',
      path: '/',
      open: (page) => page.getByTestId(`task-card-${taskId}`).getByTestId('card-move').click(),
      dialog: (page) => page.getByTestId('move-dialog'),
    },
    {
      name: 'ai',
      path: '/',
      open: (page) => headerAction(page, 'create-with-ai', '/?new=ai'),
      dialog: (page) => page.getByTestId('ai-modal'),
    },
    { name: 'new-user', path: '/users', open: (page) => page.getByRole('button', { name: 'Novo Usuário' }).click(), dialog: roleDialog },
    {
      name: 'access-profile',
      path: '/users/profiles',
      open: (page) => page.getByRole('button', { name: 'Novo Perfil' }).click(),
      dialog: roleDialog,
    },
    {
      name: 'reports',
      path: '/analytics',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Relatórios' }).click();
        await page.getByRole('button', { name: 'Gerar Novo Relatório' }).click();
      },
      dialog: roleDialog,
    },
    {
      name: 'add-time',
      path: '/time-management',
      open: (page) => page.getByTestId('add-time-button').click(),
      dialog: (page) => page.getByTestId('add-time-dialog'),
    },
    {
      name: 'credentials',
      path: `/clients/${clientId}`,
      open: async (page) => {
        await page.getByRole('tab', { name: 'Senhas & Acessos' }).click();
        await page.getByRole('button', { name: 'Nova credencial' }).click();
      },
      dialog: roleDialog,
    },
  ];
}

/** The header's 'Nova Tarefa' / 'Criar com IA' where shown (desktop), else the same action's deep link (phones). */
async function headerAction(page, testId, link) {
  const button = page.getByTestId(testId);
  if (await button.isVisible()) await button.click();
  else await page.goto(link);
}

/** Goes to the dialog's page and opens it; resolves with the open dialog's locator once it has settled. */
export async function openDialog(page, entry) {
  await page.goto(entry.path);
  await settle(page);
  const dialog = entry.dialog(page);
  await entry.open(page);
  await dialog.waitFor();
  await settle(page);
  return dialog;
}
