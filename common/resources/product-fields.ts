import { productType, productUnit } from '../enums/catalog.ts';

// The product's closed sets of seed §3, as the catalog CSV reads them.
export const PRODUCT_UNITS = productUnit.values;
export const PRODUCT_TYPES = productType.values;
