import { namedScreens } from '#app/components/resource/named-screens.tsx';
import { categoryResource } from '#common/resources/taxonomy.ts';

export const categoryScreens = namedScreens(categoryResource, 'catalog.category', { image: true });
