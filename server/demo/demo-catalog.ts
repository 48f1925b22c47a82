import { BANNER_SIZE, CATALOG_IMAGE_SIZE } from '#common/upload-limits.ts';
import * as banners from '#server/modules/banner/banner.service.ts';
import * as coupons from '#server/modules/coupon/coupon.service.ts';
import * as pages from '#server/modules/page/page.service.ts';
import * as products from '#server/modules/product/product.service.ts';
import * as reviews from '#server/modules/review/review.service.ts';
import * as variants from '#server/modules/variant/variant.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as brands from '#server/modules/taxonomy/brand.service.ts';
import * as categories from '#server/modules/taxonomy/category.service.ts';
import * as sizes from '#server/modules/taxonomy/size.service.ts';
import * as subcategories from '#server/modules/taxonomy/subcategory.service.ts';
import { acceptUpload } from '#server/modules/upload/upload.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { bannerPicture, type DemoShape, productPicture } from './demo-images.ts';

// The demo store's catalog and content (issue 11 §14), through the services owners go through:
// categories with subcategories, brands, sizes, ~30 products (the clothes with variants by size),
// coupons, two banners and an "About us" page.

type Input<F extends (deps: ServiceDeps, scope: StoreScope, input: never) => unknown> = Parameters<F>[2];

const CATALOG: { category: string; background: string; accent: string; subcategories: { name: string; shape: DemoShape; items: [string, number][] }[] }[] = [
  {
    category: 'Ropa',
    background: '#f4efe8',
    accent: '#c2410c',
    subcategories: [
      { name: 'Camisetas', shape: 'shirt', items: [['Camiseta Quito colonial', 18.9], ['Camiseta Cotopaxi', 19.5], ['Camiseta Galápagos', 21], ['Camiseta Mitad del Mundo', 17.5], ['Camiseta Cuenca', 18.9]] },
      { name: 'Gorras', shape: 'cap', items: [['Gorra bordada Ecuador', 14.9], ['Gorra de lona', 12.5], ['Gorra tricolor', 13.9]] },
      { name: 'Calzado', shape: 'shoe', items: [['Alpargatas de yute', 24.9], ['Zapatillas de lona', 32], ['Botines de cuero', 58.5]] },
    ],
  },
  {
    category: 'Accesorios',
    background: '#eaf2ef',
    accent: '#0f766e',
    subcategories: [
      { name: 'Bolsos', shape: 'bag', items: [['Bolso de paja toquilla', 39.9], ['Mochila tejida', 45], ['Bolso de mano Otavalo', 29.9], ['Tote de algodón', 15.5]] },
      { name: 'Termos y botellas', shape: 'bottle', items: [['Botella de acero 750 ml', 16.9], ['Termo de café', 22.5], ['Botella deportiva', 11.9]] },
    ],
  },
  {
    category: 'Hogar',
    background: '#f0edf5',
    accent: '#6d28d9',
    subcategories: [
      { name: 'Cocina', shape: 'mug', items: [['Taza de cerámica de Chordeleg', 9.9], ['Set de tazas (2)', 17.9], ['Taza esmaltada', 8.5], ['Jarro de barro', 12]] },
      { name: 'Decoración', shape: 'lamp', items: [['Lámpara de mimbre', 49.9], ['Lámpara de mesa tallada', 64], ['Farol de hierro', 38.5]] },
      { name: 'Papelería', shape: 'notebook', items: [['Libreta de papel reciclado', 6.9], ['Agenda 2027', 12.9], ['Cuaderno de dibujo', 8.9], ['Set de libretas (3)', 15.9], ['Diario de viaje', 11.5]] },
    ],
  },
];

// What a shopper reads on each product: one line per subcategory, and a few care notes.
const DESCRIPTIONS: Record<string, string> = {
  Camisetas: 'Algodón peinado de 180 g, corte recto y estampado a mano en nuestro taller de Quito.',
  Gorras: 'Gorra de seis paneles con cierre regulable; bordado hecho a mano.',
  Calzado: 'Hecho por artesanos de Cotacachi, con suela cosida y plantilla acolchada.',
  Bolsos: 'Tejido a mano por artesanas de la Sierra; forro de algodón y bolsillo interior.',
  'Termos y botellas': 'Acero inoxidable de doble pared: frío 24 horas, caliente 12 horas.',
  Cocina: 'Cerámica esmaltada apta para lavavajillas y microondas.',
  Decoración: 'Pieza artesanal única: cada una varía un poco en tono y forma.',
  Papelería: 'Papel reciclado de 90 g y tapa de cartón duro, cosido a mano.',
};
const CARE = '<h3>Cuidados</h3><ul><li>Lavar a mano o en ciclo delicado, con agua fría.</li><li>No usar secadora.</li></ul><p>Envíos a todo el Ecuador en 24 a 72 horas.</p>';

/**
 * The few products running out, as in a real shop (the desk's low-stock list names these three, not
 * twenty): one sold out, two nearly. Everything else has stock a month of demo orders cannot empty.
 */
const RUNNING_OUT: Record<string, number> = { 'Farol de hierro': 0, 'Jarro de barro': 3, 'Lámpara de mesa tallada': 4 };

const BRANDS = ['Hecho en Quito', 'Tejidos Otavalo', 'Mitad del Mundo', 'Andina'];
const SIZES = ['S', 'M', 'L', 'XL'];
// The products' colours, taken in turn: deep enough to stand out on the soft backgrounds.
const PALETTE = ['#1f3a93', '#c0392b', '#2f7d4f', '#b7791f', '#6b4f9e', '#1c7c8c', '#8e3b5f', '#3d4852'];

/** What a shopper can buy: each enabled product and, for clothes, its sizes (the demo's orders pick from these). */
export type DemoGoods = { productId: number; variantIds: number[] }[];

export async function seedDemoCatalog(deps: ServiceDeps, scope: StoreScope, ownerId: number): Promise<DemoGoods> {
  // Pictures arrive as an owner's uploads and are claimed by the record's save, as in the dashboard
  // (so the store owns them and their WebP variants are written). All are drawn and uploaded at
  // once, while sharp's threads are free, before the saves that claim them one by one.
  const picture = async (name: string, shape: DemoShape, color: string, background: string) =>
    (await acceptUpload(deps, { userId: ownerId, name: `${name}.png`, data: await productPicture(shape, color, background), kinds: ['png'], box: CATALOG_IMAGE_SIZE })).id;
  let drawn = 0;
  const pictures = new Map(
    await Promise.all(
      CATALOG.flatMap(({ category, background, accent, subcategories: subs }) => [
        [category, picture(category, subs[0]!.shape, accent, background)] as const,
        ...subs.flatMap((sub) => [
          [sub.name, picture(sub.name, sub.shape, accent, background)] as const,
          ...sub.items.map(([name]) => [name, picture(name, sub.shape, PALETTE[drawn++ % PALETTE.length]!, background)] as const),
        ]),
      ]).map(async ([key, id]) => [key, await id] as const),
    ),
  );
  const imageOf = (key: string) => pictures.get(key)!;

  const brandIds: number[] = [];
  for (const name of BRANDS) brandIds.push(await brands.create(deps, scope, { name, slug: '', enabled: true } as Input<typeof brands.create>));
  const sizeIds: number[] = [];
  for (const [index, name] of SIZES.entries()) sizeIds.push(await sizes.create(deps, scope, { name, slug: '', sortOrder: index, enabled: true } as Input<typeof sizes.create>));

  let n = 0;
  const goods: DemoGoods = [];
  for (const { category, subcategories: subs } of CATALOG) {
    const categoryId = await categories.create(deps, scope, { name: category, slug: '', enabled: true, imageId: imageOf(category) } as Input<typeof categories.create>);
    for (const sub of subs) {
      const subcategoryId = await subcategories.create(deps, scope, { categoryId, name: sub.name, slug: '', enabled: true, imageId: imageOf(sub.name) } as Input<typeof subcategories.create>);
      for (const [name, price] of sub.items) {
        n += 1;
        const clothes = sub.shape === 'shirt' || sub.shape === 'shoe';
        const id = await products.create(deps, scope, {
          name, slug: '', description: DESCRIPTIONS[sub.name] ?? `${name}, hecho en Ecuador.`, code: `TM-${String(n).padStart(3, '0')}`, sku: `TM${String(n).padStart(4, '0')}`,
          categoryId, subcategoryId, brandId: brandIds[n % brandIds.length]!, colorId: null, sizeId: null, priority: n % 5, keywords: `${sub.name.toLowerCase()},ecuador`,
          content: clothes ? CARE : '', unit: 'standard', type: 'piece', stock: RUNNING_OUT[name] ?? 18 + ((n * 7) % 23), weightGrams: 150 + n * 10, price, compareAtPrice: null, discount: n % 6 === 0 ? 10 : 0, ivaCode: '4',
          enabled: n % 13 !== 0, featured: n % 5 === 0, imageIds: [imageOf(name)],
        } as Input<typeof products.create>);
        const variantIds: number[] = [];
        if (n % 13 !== 0) goods.push({ productId: id, variantIds });
        // Clothes come in sizes, each its own stock: the product's stock is their sum. Enough of each
        // that the demo's sales leave none running low (the desk counts a low size: issue 40), only RUNNING_OUT.
        if (clothes) {
          for (const [index, sizeId] of sizeIds.entries()) {
            variantIds.push(await variants.create(deps, scope, { productId: id, name: `Talla ${SIZES[index]}`, sku: `TM${String(n).padStart(4, '0')}-${SIZES[index]}`, colorId: null, sizeId, price, stock: 10 + ((n + index * 3) % 7), enabled: true } as Input<typeof variants.create>));
          }
        }
      }
    }
  }

  // What shoppers said: approved ones make the store's rating; one waits for the owner.
  const firstProducts = await products.list(deps, scope, { q: '', page: 1, sort: 'name', dir: 'asc', filters: {} });
  const said: [string, number, string, 'approved' | 'pending' | 'rejected'][] = [
    ['Lucía M.', 5, 'Llegó en dos días y la tela es muy suave.', 'approved'],
    ['Andrés P.', 4, 'Buena calidad, la talla es un poco grande.', 'approved'],
    ['Carla V.', 5, 'Precioso, ya pedí otro para regalar.', 'approved'],
    ['Diego R.', 3, '¿Tienen en otros colores?', 'pending'],
    ['Gabriela T.', 5, 'Excelente atención por WhatsApp y el envío llegó a Cuenca en un día.', 'approved'],
    ['Jorge L.', 4, 'Muy buen acabado. Lo recomiendo.', 'approved'],
    ['Paola S.', 5, 'La calidad supera lo que esperaba por el precio.', 'approved'],
    ['Miguel A.', 2, 'El color era distinto al de la foto.', 'pending'],
  ];
  for (const [index, [authorName, rating, comment, status]] of said.entries()) {
    // Spread over the catalogue (every third product), so several product pages show reviews.
    const product = firstProducts.rows[(index * 3) % firstProducts.rows.length]!;
    await reviews.create(deps, scope, { productId: product.id, authorName, email: `${authorName.split(' ')[0]!.toLowerCase()}@example.com`, rating, comment, status } as Input<typeof reviews.create>);
  }

  await coupons.create(deps, scope, { code: 'BIENVENIDA10', discountType: 'percentage', discount: 10, minimum: 20, expiresOn: null, usageLimit: null, enabled: true } as Input<typeof coupons.create>);
  await coupons.create(deps, scope, { code: 'ENVIO5', discountType: 'fixed', discount: 5, minimum: 40, expiresOn: '2026-12-31', usageLimit: 100, enabled: true } as Input<typeof coupons.create>);

  const banner = async (file: string, palette: [string, string, string], shapes: DemoShape[], buttonName: string, link: string) => {
    const image = await acceptUpload(deps, { userId: ownerId, name: file, data: await bannerPicture(palette, shapes), kinds: ['jpeg'], box: BANNER_SIZE });
    await banners.create(deps, scope, { imageId: image.id, buttonName, link, enabled: true });
  };
  await banner('banner-temporada.jpg', ['#9a3412', '#c2410c', '#fdba74'], ['shirt', 'cap', 'bag'], 'Ver la colección', '/shop/tienda-de-maria/category/ropa');
  await banner('banner-hogar.jpg', ['#0f766e', '#115e59', '#99f6e4'], ['mug', 'lamp', 'notebook'], 'Todo para tu casa', '/shop/tienda-de-maria/category/hogar');

  await pages.create(deps, scope, {
    title: 'Sobre nosotros',
    slug: 'sobre-nosotros',
    content:
      '<h2>Hecho en Quito, desde 2019</h2><p>Somos un taller familiar del centro histórico. Cosemos, tejemos y seleccionamos piezas de artesanos de <strong>Otavalo, Cuenca y Chordeleg</strong>.</p><p>Enviamos a todo el Ecuador. ¿Preguntas? Escríbenos por WhatsApp.</p>',
    published: true,
  } as Input<typeof pages.create>);
  await pages.create(deps, scope, {
    title: 'Envíos y devoluciones',
    slug: 'envios-y-devoluciones',
    content:
      '<h2>Envíos</h2><p>Enviamos a todo el Ecuador con Servientrega: <strong>24 a 72 horas</strong> a las capitales de provincia. Envío gratis desde $60.</p><h2>Devoluciones</h2><p>Tienes 30 días para cambiar una prenda sin usar, con su etiqueta. Escríbenos y coordinamos el retiro.</p>',
    published: true,
  } as Input<typeof pages.create>);
  return goods;
}
