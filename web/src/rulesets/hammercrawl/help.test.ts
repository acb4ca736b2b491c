import { describe, expect, it } from 'vitest';
import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';
import { HAMMERCRAWL_SETTINGS } from '../../../../src/rules/hammercrawl/settings.js';
import { CREATION_OPTIONS } from '../../../../src/rules/hammercrawl/creation-options.js';
import { GENERAL_HELP } from '../../lib/help-text.js';
import { HAMMERCRAWL_HELP } from './help.js';
import { hammercrawlCreationDefs, hammercrawlListSpec } from './wizard.js';

const sectionTexts = (sections: typeof HAMMERCRAWL_HELP) => sections.flatMap((s) => [s.title, ...s.paragraphs, ...(s.terms ?? []).flatMap(([t, m]) => [t, m])]);

describe('HAMMERCRAWL! help and plain labels', () => {
  it.skipIf(!HAS_RULES_TEXT)('are in the project\'s own words, not the rules\' prose', () => {
    const wizard = [
      ...hammercrawlCreationDefs(CREATION_OPTIONS, { method: 'semi', class: 'combatant', shtick: 'spellblade', stock: 'human' }),
      ...hammercrawlCreationDefs(CREATION_OPTIONS, { method: 'semi', class: 'true-mage', focus: 'holy-mage' }),
    ].map((d) => d.help);
    const lists = ['skills', 'wps', 'weapons', 'devout-powers', 'specialist-choices', 'specialties', 'stat-priority'].map((n) => hammercrawlListSpec(n, { method: 'semi', class: 'combatant' })?.help ?? '');
    const texts = [...sectionTexts(HAMMERCRAWL_HELP), ...sectionTexts(GENERAL_HELP), ...HAMMERCRAWL_SETTINGS.flatMap((d) => [d.label, d.help]), ...wizard, ...lists];
    expect(copiedRuns(texts)).toEqual([]);
  });

  it('settings name no ruling code in their label or help; the code is their ref', () => {
    for (const d of HAMMERCRAWL_SETTINGS) {
      expect(`${d.label} ${d.help}`, d.name).not.toMatch(/\b[A-Z]{1,2}-\d+\b/);
      expect(d.ref, d.name).toMatch(/\b[A-Z]{1,2}-\d+\b/);
    }
  });
});
