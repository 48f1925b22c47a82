import { sizeResource } from '#common/resources/taxonomy.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import { sizes } from './taxonomy.repository.ts';

export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(sizes, sizeResource, { slugFrom: 'name' });
