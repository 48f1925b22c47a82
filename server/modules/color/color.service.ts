import { colorResource } from '#common/resources/color.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import { colors } from './color.repository.ts';

export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(colors, colorResource, { slugFrom: 'name' });
