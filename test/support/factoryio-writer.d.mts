/** One tag element of a part (`<BinaryInput Name Address Key ...>`). */
export interface FioTagSpec {
  element: 'BinaryInput' | 'BinaryOutput' | 'IntInput' | 'IntOutput' | 'AnalogueInput' | 'AnalogueOutput';
  name: string;
  address?: number;
  key: string;
  forced?: boolean;
  forcedValue?: boolean | number;
  openCircuit?: boolean;
  shortCircuit?: boolean;
}

/** One part (`<Object>`); positions in the file's grid units (0.125 m), yaw in degrees. */
export interface FioPartSpec {
  prefab: string;
  key?: string;
  position: [number, number, number];
  yaw?: number;
  rotation?: [number, number, number, number];
  fineRotation?: number;
  axes?: { forward: [number, number, number]; right: [number, number, number] };
  mode?: string;
  groups?: { description?: string; tags: FioTagSpec[] }[];
  emitter?: { min?: number; max?: number; upTo?: number; bases?: string[]; parts?: string[] };
  remover?: boolean;
  sensorRange?: number;
}

export interface FioPointMap {
  slots?: Partial<Record<string, (string | null)[]>>;
  counts?: Partial<Record<string, number>>;
  offsets?: Partial<Record<string, number>>;
}

export interface FioSceneSpec {
  type?: string;
  version?: string;
  description?: string;
  parts: FioPartSpec[];
  systemKeys?: Partial<Record<string, string>>;
  drivers?: {
    current?: number;
    map?: FioPointMap;
    modbusServer?: FioPointMap;
    modbusClient?: FioPointMap;
    serverProperties?: { ReadInputDiscretes?: boolean; WriteCoils?: boolean; ScaleFactor?: number };
    clientScaleFactor?: number;
    opc?: {
      url?: string;
      name?: string;
      items: { input?: string; output?: string; name: string; display?: string }[];
    };
  };
  attributeOrder?: string[];
  screenshotBytes?: number;
}

export declare function writeFactoryIo(spec: FioSceneSpec): string;
export declare function keyOf(seed: string): string;
export declare function xmlEscape(value: string | number): string;
export declare function yaw(degrees: number): {
  rotation: [number, number, number, number];
  forward: [number, number, number];
  right: [number, number, number];
};
export declare function fioTag(
  element: FioTagSpec['element'],
  name: string,
  address: number,
  more?: Partial<FioTagSpec>,
): FioTagSpec;
export declare function fioPart(
  prefab: string,
  position: [number, number, number],
  yaw: number,
  tags: FioTagSpec[],
  more?: Partial<FioPartSpec>,
): FioPartSpec;
