import { titledScreen } from '#app/lib/titled-screen.tsx';

const screen = titledScreen('page.adminHome');
export const meta = screen.meta;
export default screen.Component;
