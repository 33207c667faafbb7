// The columns of scripts/data/factoryio-scene-tags.tsv, for the two generators that read it.
export const SCENE_TAG_COLUMNS = [
  'scene',
  'name',
  'type',
  'kind',
  'address',
  'id',
  'initial',
  'forced',
  'part',
];
