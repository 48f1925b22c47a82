import { z } from '#common/zod.ts';
import { INVITABLE_ROLES } from '../store-permissions.ts';
import { recordIdSchema } from '../record-id.ts';
import { EmailSchema, RegisterSchema } from './user.ts';

// A store's staff (issue 38 §2): one schema per form, shared by the screens, their actions and the API.

const role = z.enum(INVITABLE_ROLES, { error: 'staff.roleInvalid' });
const memberId = recordIdSchema('error.generic');

/** The owner invites a person by e-mail with a role (never `owner`: that comes by a handover only). */
export const InviteSchema = z.object({ email: EmailSchema, role });
export type InviteInput = z.infer<typeof InviteSchema>;

/** A member's new role. */
export const RoleChangeSchema = z.object({ userId: memberId, role });
export type RoleChangeInput = z.infer<typeof RoleChangeSchema>;

/** The store handed to another member, confirmed with the owner's password (as deleting the store is). */
export const HandoverSchema = z.object({
  userId: recordIdSchema('staff.handover.pickMember'),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
});
export type HandoverInput = z.infer<typeof HandoverSchema>;

/**
 * A new account made at an invitation's landing: registration's own fields and checks, with the
 * e-mail taken from the invitation rather than from the form.
 */
export const InvitationAccountSchema = RegisterSchema;
export type InvitationAccountInput = z.infer<typeof InvitationAccountSchema>;

/** An invitation link's token as the service makes it: the store's id, a dot, 256 random bits (base64url). */
export const INVITATION_TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;
