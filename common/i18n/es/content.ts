// Content of the store (issue 11 §6): banners and pages.
export const content = {
  pageState: { label: 'Estado', published: 'Publicada', draft: 'Borrador' },
  limit: {
    products: 'Llegaste al máximo de productos de tu plan ({{limit}}). Elimina uno o cambia de plan para crear otro.',
    banners: 'Llegaste al máximo de banners de tu plan ({{limit}}). Elimina uno o cambia de plan para crear otro.',
    pages: 'Llegaste al máximo de páginas de tu plan ({{limit}}). Elimina una o cambia de plan para crear otra.',
  },
  banner: {
    title: 'Banners',
    new: 'Nuevo banner',
    edit: 'Editar banner',
    deleteTitle: '¿Eliminar este banner?',
    deleteMessage: 'El banner y su imagen se eliminarán de tu tienda. Esta acción no se puede deshacer.',
    imageRequired: 'Elige una imagen para el banner',
    linkInvalid: 'Escribe una dirección web válida (https://…) o una ruta de tu tienda (/…)',
    imageHint: 'PNG, JPEG, WebP o AVIF, máximo 15 MB, de unos 1.920 × 768 px',
    moveUp: 'Subir {{name}}',
    moveDown: 'Bajar {{name}}',
    dragHint: 'Arrastra las filas o usa los botones para cambiar el orden',
    reordered: 'Orden guardado',
    positionHint: '1 es el primero, como en la lista. Vacío: al final. Los demás se mueven para dejarle el lugar.',
    positionMin: 'Escribe una posición desde 1',
    noButton: 'Sin botón',
    fields: { image: 'Imagen', imageId: 'Imagen', buttonName: 'Texto del botón', link: 'Enlace de destino', sortOrder: 'Orden', enabled: 'Activo', updated: 'Actualizado' },
  },
  page: {
    title: 'Páginas',
    new: 'Nueva página',
    edit: 'Editar página',
    deleteTitle: '¿Eliminar esta página?',
    deleteMessage: 'La página dejará de verse en tu tienda. Esta acción no se puede deshacer.',
    fields: { title: 'Título', slug: 'Slug (dirección)', content: 'Contenido', published: 'Publicada', updated: 'Actualizada' },
  },
  // The rich-text editor's buttons and link box (Mantine's own labels are English only).
  editor: {
    bold: 'Negrita', italic: 'Cursiva', underline: 'Subrayado', strike: 'Tachado', h2: 'Título 2', h3: 'Título 3', blockquote: 'Cita',
    bulletList: 'Lista con viñetas', orderedList: 'Lista numerada', link: 'Enlace', unlink: 'Quitar el enlace',
    linkInput: 'Dirección del enlace', linkPlaceholder: 'https://ejemplo.com/', linkExternal: 'Abrir el enlace en una pestaña nueva', linkInternal: 'Abrir el enlace en la misma pestaña', linkSave: 'Guardar',
  },
} as const;
