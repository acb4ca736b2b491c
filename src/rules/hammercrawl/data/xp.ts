/**
 * Experience as typed data: the XP modes, the crawl mode's level thresholds and its XP awards.
 * Rules: HAMMERCRAWL! v4, XP and LEVELING; BASIC CONCEPTS, Core Conceits ("XP and Levels"); rulings in
 * docs/rulings.md (CL-34, CL-35).
 */
import type { ContentStatus } from './classes.js';

/** The two XP modes the rules name (XP and LEVELING): crawl mode and campaign mode. */
export type XpModeId = 'crawl' | 'campaign';

/** One XP mode: whether the rules give it, and where its thresholds are. */
export interface XpMode {
  readonly id: XpModeId;
  readonly label: string;
  readonly ref: string;
  readonly description: string;
  readonly status: ContentStatus;
  /** What the rules leave open (empty when complete). */
  readonly gaps: readonly string[];
}

/**
 * One level of an XP progression: the least XP that holds the level, and the XP earned since the previous
 * level's minimum (0 at level 1). All classes share one progression (Core Conceits).
 */
export interface XpLevelRow {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
  readonly mode: XpModeId;
  readonly level: number;
  readonly minXp: number;
  readonly xpFromPreviousLevel: number;
}

/** A way to earn XP and how much. */
export interface XpAward {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
  readonly mode: XpModeId;
  readonly xp: number;
  readonly description: string;
}

const REF_XP = 'HAMMERCRAWL! v4, XP and LEVELING';
const REF_CRAWL = `${REF_XP}, CRAWL MODE`;
const REF_CRAWL_TABLE = `${REF_CRAWL} (10 XP, then 20, 30, 40 more ...; ruling CL-34)`;

/**
 * The XP modes. Crawl mode is the default and the only one the rules fill in; campaign mode is a heading
 * with nothing under it yet.
 * @example XP_MODES[0].id // 'crawl'
 */
export const XP_MODES = [
  {
    id: 'crawl',
    label: 'Crawl mode',
    ref: REF_CRAWL,
    description: 'For comedic meat-grinder play: XP for every dungeon node survived, each level costing 10 XP more than the last.',
    status: 'wip',
    gaps: ['Bonus XP sources are an open question in the rules ("Bonus XP comes from...?").'],
  },
  {
    id: 'campaign',
    label: 'Campaign mode',
    ref: `${REF_XP}, CAMPAIGN MODE`,
    description: 'Named in the rules with no content yet; the Smith sets XP by hand.',
    status: 'wip',
    gaps: ['No thresholds or awards are given.'],
  },
] as const satisfies readonly XpMode[];

/** The default XP mode (CL-35). */
export const DEFAULT_XP_MODE: XpModeId = 'crawl';

/**
 * Crawl mode XP thresholds, levels 1-10: 10 XP for the first level gained, then 10 more than the previous
 * step each time (20, 30, 40, ...), from level 1 at 0 XP (CL-34).
 * @example CRAWL_XP_TABLE[1] // { level: 2, minXp: 10, xpFromPreviousLevel: 10, ... }
 */
export const CRAWL_XP_TABLE = [
  { id: 'crawl-level-1', label: 'Level 1', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 1, minXp: 0, xpFromPreviousLevel: 0 },
  { id: 'crawl-level-2', label: 'Level 2', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 2, minXp: 10, xpFromPreviousLevel: 10 },
  { id: 'crawl-level-3', label: 'Level 3', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 3, minXp: 30, xpFromPreviousLevel: 20 },
  { id: 'crawl-level-4', label: 'Level 4', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 4, minXp: 60, xpFromPreviousLevel: 30 },
  { id: 'crawl-level-5', label: 'Level 5', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 5, minXp: 100, xpFromPreviousLevel: 40 },
  { id: 'crawl-level-6', label: 'Level 6', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 6, minXp: 150, xpFromPreviousLevel: 50 },
  { id: 'crawl-level-7', label: 'Level 7', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 7, minXp: 210, xpFromPreviousLevel: 60 },
  { id: 'crawl-level-8', label: 'Level 8', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 8, minXp: 280, xpFromPreviousLevel: 70 },
  { id: 'crawl-level-9', label: 'Level 9', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 9, minXp: 360, xpFromPreviousLevel: 80 },
  { id: 'crawl-level-10', label: 'Level 10', ref: REF_CRAWL_TABLE, mode: 'crawl', level: 10, minXp: 450, xpFromPreviousLevel: 90 },
] as const satisfies readonly XpLevelRow[];

/**
 * XP awards. Crawl mode: 1 XP for each dungeon node (room) explored and survived; bonus XP is not yet defined.
 * @example XP_AWARDS[0].xp // 1
 */
export const XP_AWARDS = [
  {
    id: 'dungeon-node',
    label: 'Dungeon node explored and survived',
    ref: REF_CRAWL,
    mode: 'crawl',
    xp: 1,
    description: 'Each node (room) of the dungeon that the character explores and lives through.',
  },
] as const satisfies readonly XpAward[];
