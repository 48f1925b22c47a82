// Messages of the form kit's date field (app/components/form/date-field.tsx): every form with a date.
export const dateField = {
  placeholder: 'dd/mm/aaaa',
  typeAs: 'Escribe la fecha como día/mes/año, por ejemplo 15/08/2030',
  openCalendar: 'Elegir la fecha en el calendario',
  clear: 'Borrar la fecha',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  previousYear: 'Año anterior',
  nextYear: 'Año siguiente',
  previousDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
};
