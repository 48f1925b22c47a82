// Messages of the store's catalogue; each resource has the texts its screens need (common/resource.ts).
export const catalog = {
  state: { label: 'Estado', enabled: 'Activo', disabled: 'Inactivo' },
  color: {
    title: 'Colores',
    new: 'Nuevo color',
    edit: 'Editar color',
    deleteTitle: '¿Eliminar este color?',
    deleteMessage: 'Los productos que lo usan quedarán sin color. Esta acción no se puede deshacer.',
    hexInvalid: 'Escribe un color como #1c9283',
    fields: { name: 'Nombre', hex: 'Color', slug: 'Slug (dirección)', enabled: 'Activo', updated: 'Actualizado' },
  },
} as const;
