/** The team stories' API answers: a school's members and pending invitations. */
import type { Invitation, InvitationPreview, Member } from '@conversa/contract/team';

const at = (day: number, hour = 9) => new Date(Date.UTC(2025, 2, day, hour, 30)).toISOString();

export const members: Member[] = [
  {
    user_id: 1,
    full_name: 'Marta Gil Romero',
    email: 'marta.gil@colegiosol.es',
    role: 'main',
    last_active_at: at(12, 11),
    joined_at: at(1),
  },
  {
    user_id: 2,
    full_name: 'Javier Soto',
    email: 'javier.soto@colegiosol.es',
    role: 'admin-staff',
    last_active_at: at(11, 16),
    joined_at: at(3),
  },
  {
    user_id: 3,
    full_name: 'Lucía Gómez',
    email: 'lucia.gomez@colegiosol.es',
    role: 'admissions',
    last_active_at: at(10, 8),
    joined_at: at(4),
  },
  {
    user_id: 4,
    full_name: 'Pablo Ortega',
    email: 'pablo.ortega@colegiosol.es',
    role: 'admissions_agent',
    last_active_at: null,
    joined_at: at(9),
  },
];

export const invitations: Invitation[] = [
  {
    id: 21,
    email: 'carmen.vidal@colegiosol.es',
    role: 'communication',
    expires_at: at(17),
    state: 'pending',
    invited_by: 'Marta Gil Romero',
    created_at: at(10),
  },
  {
    id: 20,
    email: 'ana.torres@colegiosol.es',
    role: 'admissions_agent',
    expires_at: at(8),
    state: 'expired',
    invited_by: 'Javier Soto',
    created_at: at(1),
  },
];

export const preview: InvitationPreview = {
  institution_name: 'Colegio Sol',
  role: 'admissions_agent',
  email: 'pablo.ortega@colegiosol.es',
  has_account: false,
  state: 'pending',
};

/** A link's token (43 characters, as the server makes them). */
export const TOKEN = 'storyInvitationToken0123456789abcdefghijklm';
