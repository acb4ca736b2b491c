/** Entering the faces of real dice, one die at a time, each checked against the die's faces. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { DiceChain } from '../../../src/dice/index.js';
import { physicalStep, readFace } from '../lib/physical.js';

/** The entry form for one roll. */
export function PhysicalEntry(props: { notation: string; chain: DiceChain; onDone: (faces: number[]) => void; onCancel: () => void }) {
  const [faces, setFaces] = useState<number[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const step = physicalStep(props.notation, faces, props.chain);
  useEffect(() => {
    if (step.kind === 'done') props.onDone(faces);
    else input.current?.focus();
  }, [faces.length]);
  if (step.kind === 'done') return null;
  if (step.kind === 'invalid') {
    return (
      <p class="error" role="alert">
        {step.message}
      </p>
    );
  }
  function add(e: Event) {
    e.preventDefault();
    if (step.kind !== 'need') return;
    const r = readFace(text, step.sides);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError(null);
    setText('');
    setFaces([...faces, r.face]);
  }
  return (
    <form class="physical panel-inset" onSubmit={add} aria-labelledby="physical-title" noValidate>
      <h3 id="physical-title">Real dice: {props.notation}</h3>
      {faces.length > 0 ? <p>Entered: {faces.join(', ')}</p> : null}
      <div class="row">
        <div class="field small">
          <label for="physical-face">
            Die {step.index + 1}: the d{step.sides} shows
          </label>
          <input
            ref={input}
            id="physical-face"
            type="number"
            inputMode="numeric"
            min={1}
            max={step.sides}
            value={text}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'physical-error' : undefined}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </div>
        <button type="submit" class="primary">
          Enter
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      {error ? (
        <p id="physical-error" class="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
