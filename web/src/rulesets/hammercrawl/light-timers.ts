/** Light timers on the Smith's screen: how the time left and the next light's name are written. */

/** "59:07", "1:02:03". */
export function formatRemaining(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** "Torch 1" -> "Torch 2"; a name without a number gets " 2". */
export function nextName(name: string): string {
  const m = /^(.*?)(\d+)$/.exec(name);
  return m ? `${m[1]}${Number(m[2]) + 1}` : `${name} 2`;
}

/** What a new light of a source is called before a number: "Torch", "Lantern". */
export const LIGHT_NAMES = { torch: 'Torch', lantern: 'Lantern' } as const;

/**
 * The name of the next light of `source`, from the lights the table has (their ids as the server keeps
 * them, spent ones too): one past the highest number of that kind, so a name is never taken twice, even
 * after the page was reloaded. Names are compared without case.
 * @example nextLightName(['Torch 1', 'torch 3', 'Lantern 1'], 'torch') // 'Torch 4'
 */
export function nextLightName(existing: readonly string[], source: keyof typeof LIGHT_NAMES): string {
  const word = LIGHT_NAMES[source];
  const pattern = new RegExp(`^${word}\\s*(\\d+)$`, 'i');
  let highest = 0;
  for (const id of existing) {
    const m = pattern.exec(id.trim());
    if (m !== null) highest = Math.max(highest, Number(m[1]));
  }
  return `${word} ${highest + 1}`;
}
