export { deskSummary } from '#server/modules/desk/desk.service.ts';
