/**
 * `send_invitation_mail`: mails an invitation's link. The job makes the link itself (the token never
 * sits in the queue) and stores its SHA-256 on the invitation, replacing the one before: only the
 * latest mailed link works. An invitation no longer pending by then is not mailed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Locale } from '@conversa/contract/constants';
import type { MemberRole } from '@conversa/contract/roles';
import { INVITATION_TTL_DAYS } from '@conversa/contract/team';
import * as v from 'valibot';
import type { Db } from '../db/database';
import type { Clock } from '../deps';
import type { JobHandler } from '../jobs/runner';
import type { Mailer } from '../mail/mailer';
import { invitationMail } from '../mail/templates';
import { asLocale, findUserByEmail } from '../users';
import { teamRepo } from './team.repo';

export const SEND_INVITATION_MAIL = 'send_invitation_mail';

/** The stored form of an invitation token. */
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The roles' names in the mails. */
const ROLE_NAMES: Record<Locale, Record<MemberRole, string>> = {
  en: {
    main: 'main administrator',
    'admin-staff': 'administrative staff',
    communication: 'communications',
    admissions: 'admissions',
    admissions_agent: 'admissions agent',
    order_capture_agent: 'order capture agent',
    lead_entry_agent: 'lead entry agent',
  },
  es: {
    main: 'administrador principal',
    'admin-staff': 'personal administrativo',
    communication: 'comunicación',
    admissions: 'admisiones',
    admissions_agent: 'agente de admisiones',
    order_capture_agent: 'agente de captura de pedidos',
    lead_entry_agent: 'agente de registro de clientes potenciales',
  },
};

const PayloadSchema = v.object({ invitationId: v.number() });

export interface InvitationMailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
}

export function sendInvitationMailJob(deps: InvitationMailDeps): JobHandler {
  const team = teamRepo(deps.db);
  return {
    async run(payload) {
      const { invitationId } = v.parse(PayloadSchema, payload);
      const now = deps.clock.now();
      const found = await team.pendingWithInstitution(invitationId, now);
      if (!found) return;
      const { invitation } = found;
      const token = randomBytes(32).toString('base64url');
      await team.setTokenHash(invitationId, invitationTokenHash(token));
      const invitee = await findUserByEmail(deps.db, invitation.email);
      const locale = asLocale(invitee?.locale ?? invitation.locale);
      await deps.mailer.send({
        to: invitation.email,
        ...invitationMail(locale, {
          inviter: invitation.invitedByName,
          institution: found.institution,
          role: ROLE_NAMES[locale][invitation.role as MemberRole],
          link: `${deps.publicUrl}/join?token=${token}`,
          days: INVITATION_TTL_DAYS,
        }),
      });
    },
  };
}
