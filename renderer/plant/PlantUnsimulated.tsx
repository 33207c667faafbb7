import type { LaidPart } from '../../shared/plant/plant-types.js';

/**
 * The machines drawn that nothing moves (parts of a saved scene the generic plant cannot model):
 * listed under the drawing with their tags, so the user knows which tags are left to them.
 */
export function PlantUnsimulated({ parts }: { parts: readonly LaidPart[] }) {
  const still = parts.filter((p) => !p.simulated);
  if (still.length === 0) return null;
  return (
    <details class="plant-note plant-unsimulated">
      <summary>
        {`Not simulated: ${still.length} ${still.length === 1 ? 'part' : 'parts'} (dashed); their tags are yours to set`}
      </summary>
      <ul>
        {still.map((p) => (
          <li key={p.label}>
            <strong>{p.label}</strong>
            {p.tags.length > 0 ? `: ${p.tags.map((t) => t.tag.name).join(', ')}` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}
