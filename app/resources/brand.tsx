import { namedScreens } from '#app/components/resource/named-screens.tsx';
import { brandResource } from '#common/resources/taxonomy.ts';

export const brandScreens = namedScreens(brandResource, 'catalog.brand', { image: true });
