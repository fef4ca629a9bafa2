import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every name the app imports from '@chakra-ui/react'. */
function chakraImports(dir = SRC): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) chakraImports(path).forEach((n) => names.add(n));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      for (const [, list] of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const part of list.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (name) names.add(name);
        }
      }
    }
  }
  return names;
}

// Components whose recipe has another name.
const RECIPE_OF: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  InputGroup: ['inputAddon', 'input'],
  Toaster: ['toast'],
  Checkbox: ['checkbox', 'checkmark'],
};

describe('theme', () => {
  // lib/theme.ts lists the recipes by hand: a Chakra component without its recipe renders unstyled.
  it('has the recipe of every Chakra component the app uses', () => {
    const known = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    const missing: string[] = [];
    for (const name of chakraImports()) {
      const keys = RECIPE_OF[name] ?? [name.charAt(0).toLowerCase() + name.slice(1)];
      for (const key of keys) {
        if (known.has(key) && !system.isRecipe(key) && !system.isSlotRecipe(key)) missing.push(`${name} → ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leaves out recipes the app does not use', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('dialog')).toBe(true);
  });
});
