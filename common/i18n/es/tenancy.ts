// A store run by its members (issue 38, decision 088): which store a person acts on, and why an
// action is refused. The staff screens' words are in staff.ts.
export const tenancy = {
  notMember: 'Ya no eres miembro de esta tienda. Sigue sin ella o pide a su dueño que te invite de nuevo.',
  forbidden: 'Tu rol en esta tienda no permite hacer esto. Pide acceso al dueño o a un administrador.',
  forbiddenTitle: 'Sin permiso',
  switcher: 'Tienda en uso',
  switchTo: 'Cambiar a {{store}}',
  switch: 'Cambiar de tienda',
  leave: 'Seguir sin esta tienda',
  roles: {
    owner: 'Dueño',
    administrator: 'Administrador',
    catalogue: 'Catálogo',
    orders: 'Pedidos',
    viewer: 'Solo lectura',
  },
};
