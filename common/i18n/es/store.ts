// Messages of the store (Spanish source; en/store.ts mirrors it).
export const store = {
  slugLength: 'La dirección debe tener entre 3 y 40 caracteres',
  slugFormat: 'Usa solo letras minúsculas, números y guiones (sin espacios ni tildes)',
  slugReserved: 'Esa dirección está reservada; elige otra',
  slugTaken: 'Esa dirección ya la usa otra tienda',
  alreadyHasStore: 'Ya tienes una tienda: cada cuenta tiene una sola',
  noStoreTitle: 'Aún no tienes una tienda',
  noStoreText: 'Cuando abras tu tienda en línea, aquí podrás administrarla: catálogo, contenido y ventas.',
  home: 'Mi tienda',
  address: 'Dirección de la tienda',
  published: 'Publicada',
  unpublished: 'Sin publicar',
};
