import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { ModbusLayout } from '../../shared/modbus/modbus-layout.js';

/**
 * Each tag's name as JSON text, by id, for the journal's Modbus entries (the server's writes and
 * the client's scans): made once for each layout (a scene, or an edit of it), not once a write.
 */
export class TagNames {
  private names: { layout: ModbusLayout; byId: ReadonlyMap<string, string> } | undefined;

  constructor(private readonly engine: TagEngine) {}

  of(layout: ModbusLayout): ReadonlyMap<string, string> {
    if (this.names?.layout !== layout)
      this.names = {
        layout,
        byId: new Map(this.engine.scene.tags.map((tag) => [tag.id, JSON.stringify(tag.name)])),
      };
    return this.names.byId;
  }
}
