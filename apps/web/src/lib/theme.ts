import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme minus the recipes of components the app does not use: `defaultConfig`
 * ships ~80 recipes (~25 KB gzipped on every route). A Chakra component not listed here renders
 * unstyled: add its recipe (`<name>Recipe` / `<name>SlotRecipe` from '@chakra-ui/react/theme').
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

// A card's title button is exempt: its click area (::after) is the whole card.
const TOUCH_TARGETS = 'button:not(.wk-card__open), [role="button"], [role="tab"], [role="menuitem"], a.chakra-button';
const TOUCH_ROWS =
  'select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):not([type="color"]), label:has(input[type="checkbox"]), label:has(input[type="radio"])';

/**
 * WKFlow look: a blue brand palette, white surfaces with subtle borders, all read from `--wk-*`
 * CSS variables so the user's theme recolours the app at once without rebuilding the system.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
    '#root': { minHeight: '100dvh' },
    // Touch screens: every control is at least 44 × 44 px to hit with a finger (WCAG 2.5.5). Checkboxes and
    // radios are hit through their label; inline links in text are left as they are.
    // (!important: global styles sit in an earlier cascade layer than the recipes' own min sizes.)
    [TOUCH_TARGETS]: { '@media (pointer: coarse)': { minHeight: '44px !important', minWidth: '44px !important' } },
    [TOUCH_ROWS]: { '@media (pointer: coarse)': { minHeight: '44px !important' } },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: `'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif` },
        body: { value: `'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif` },
      },
      colors: {
        // Every brand step reads a variable the active theme sets (features/themes/applyTheme.ts).
        brand: {
          50: { value: 'var(--wk-brand-50, #eff6ff)' },
          100: { value: 'var(--wk-brand-100, #dbeafe)' },
          200: { value: 'var(--wk-brand-200, #bfdbfe)' },
          300: { value: 'var(--wk-brand-300, #93c5fd)' },
          400: { value: 'var(--wk-brand-400, #60a5fa)' },
          500: { value: 'var(--wk-brand-500, #3b82f6)' },
          600: { value: 'var(--wk-brand-600, #2563eb)' },
          700: { value: 'var(--wk-brand-700, #1d4ed8)' },
          800: { value: 'var(--wk-brand-800, #1e40af)' },
          900: { value: 'var(--wk-brand-900, #1e3a8a)' },
          950: { value: 'var(--wk-brand-950, #172554)' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'var(--wk-brand-contrast, white)' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
        },
        // Solid fills with white text one step darker than Chakra's (the 600s of these read below 4.5:1 on white text).
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        teal: { solid: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' } },
        pink: { solid: { value: '{colors.pink.700}' } },
        // Surfaces, text and borders follow the active theme; the fallbacks are the stock light look.
        bg: {
          DEFAULT: { value: 'var(--wk-surface, #ffffff)' },
          subtle: { value: 'var(--wk-bg, #fafafa)' },
          muted: { value: 'var(--wk-muted, #f4f4f5)' },
          emphasized: { value: 'var(--wk-emphasized, #e4e4e7)' },
          panel: { value: 'var(--wk-surface, #ffffff)' },
        },
        fg: {
          DEFAULT: { value: 'var(--wk-fg, #000000)' },
          muted: { value: 'var(--wk-fg-muted, #52525b)' },
          subtle: { value: 'var(--wk-fg-subtle, #a1a1aa)' },
        },
        // Neutral controls (outline buttons, subtle badges) sit on the theme's surfaces, not Chakra's greys.
        gray: {
          fg: { value: 'var(--wk-fg, #27272a)' },
          subtle: { value: 'var(--wk-muted, #f4f4f5)' },
          muted: { value: 'var(--wk-emphasized, #e4e4e7)' },
          emphasized: { value: 'var(--wk-border-emphasized, #d4d4d8)' },
          border: { value: 'var(--wk-border-emphasized, #e4e4e7)' },
        },
        border: {
          DEFAULT: { value: 'var(--wk-border, #e4e4e7)' },
          muted: { value: 'var(--wk-border-muted, #f4f4f5)' },
          subtle: { value: 'var(--wk-border-subtle, #fafafa)' },
          emphasized: { value: 'var(--wk-border-emphasized, #d4d4d8)' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
