// Messages of the back office's site settings beyond the warehouse (issue 40, defect 11): the
// maintenance switch and the terms text (Spanish source; en/ mirrors it).
export const siteSettings = {
  maintenance: {
    title: 'Modo mantenimiento',
    on: 'El sitio está en mantenimiento: el panel y la API muestran la pantalla de mantenimiento a todos menos a los administradores. Las tiendas públicas siguen abiertas.',
    off: 'El sitio funciona con normalidad.',
    forced: 'La configuración del servidor (MAINTENANCE_MODE) tiene el sitio en mantenimiento: este interruptor no lo cambia.',
    turnOn: 'Activar mantenimiento',
    turnOff: 'Desactivar mantenimiento',
    confirmOnTitle: '¿Poner el sitio en mantenimiento?',
    confirmOn: 'Todas las páginas del panel y la API responderán con la pantalla de mantenimiento a todos menos a los administradores, hasta que lo desactives.',
    confirmOffTitle: '¿Volver a abrir el sitio?',
    confirmOff: 'Todos podrán volver a entrar al sitio.',
    turnedOn: 'El sitio quedó en mantenimiento',
    turnedOff: 'El sitio volvió a abrirse',
  },
  terms: {
    title: 'Términos y condiciones',
    text: 'El texto de la página /terms en cada idioma. Separa los párrafos con una línea en blanco; una línea que empieza con «# » es un título. Déjalo vacío para mostrar el texto que trae la aplicación.',
    es: 'Texto en español',
    en: 'Texto en inglés',
    save: 'Guardar términos',
    saved: 'Los términos se guardaron. La página pública los muestra en menos de un minuto.',
  },
};
