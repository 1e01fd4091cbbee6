/**
 * Server-side texts in both languages: error and validation messages (by stable code) and the
 * success messages of `{message}` answers. The `Catalog` type makes a missing translation a
 * compile error.
 */
import type { ErrorCode, MessageCode, ValidationCode } from '@conversa/contract/codes';
import type { Locale } from '@conversa/contract/constants';

type Catalog<K extends string> = Record<K, Record<Locale, string>>;

export const validationMessages: Catalog<ValidationCode> = {
  required: { en: 'This field is required.', es: 'Este campo es obligatorio.' },
  invalid_email: { en: 'Invalid email address.', es: 'Correo electrónico no válido.' },
  invalid_phone: { en: 'Invalid phone number.', es: 'Número de teléfono no válido.' },
  invalid_url: { en: 'Must be a valid URL ({host}).', es: 'Debe ser una URL válida ({host}).' },
  passwords_must_match: { en: 'Passwords must match.', es: 'Las contraseñas deben coincidir.' },
  password_too_short: {
    en: 'The password must be at least 8 characters long.',
    es: 'La contraseña debe tener al menos 8 caracteres.',
  },
  password_too_long: {
    en: 'The password must be at most 128 characters long.',
    es: 'La contraseña debe tener como máximo 128 caracteres.',
  },
  password_needs_number: {
    en: 'The password must contain at least one number.',
    es: 'La contraseña debe contener al menos un número.',
  },
  password_needs_uppercase: {
    en: 'The password must contain at least one uppercase letter.',
    es: 'La contraseña debe contener al menos una letra mayúscula.',
  },
  end_before_start: {
    en: 'End date cannot be earlier than start date',
    es: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  },
  file_required: { en: 'File is required.', es: 'El archivo es obligatorio.' },
  logo_type: { en: 'Only JPEG and PNG files are allowed.', es: 'Solo se permiten archivos JPEG y PNG.' },
  file_too_large: {
    en: 'The file {0} exceeds the {limit} MB limit.',
    es: 'El archivo {0} supera el límite de {limit} MB.',
  },
  too_many_files: {
    en: 'Only a maximum of {limit} files can be uploaded.',
    es: 'Solo se puede subir un máximo de {limit} archivos.',
  },
  file_type: {
    en: 'Only TXT, DOCX and PDF files are allowed.',
    es: 'Solo se permiten archivos TXT, DOCX y PDF.',
  },
  too_long: { en: 'This value is too long.', es: 'Este valor es demasiado largo.' },
  invalid_value: { en: 'This value is not valid.', es: 'Este valor no es válido.' },
  invalid_code_format: { en: 'The code has 6 digits.', es: 'El código tiene 6 dígitos.' },
  unknown_country: { en: 'Choose a country from the list.', es: 'Elige un país de la lista.' },
  consent_required: {
    en: 'Please accept the privacy notice to be contacted.',
    es: 'Acepta el aviso de privacidad para que te contacten.',
  },
  email_or_phone_required: {
    en: 'Give an email address or a phone number.',
    es: 'Indica un correo electrónico o un teléfono.',
  },
  invalid_number: {
    en: 'Write a number, for example 12 or 3.5.',
    es: 'Escribe un número, por ejemplo 12 o 3,5.',
  },
  invalid_date: { en: 'Write a date as DD/MM/YYYY.', es: 'Escribe una fecha como DD/MM/AAAA.' },
  invalid_option: { en: 'Choose one of the options.', es: 'Elige una de las opciones.' },
  field_key_format: {
    en: 'Use lower-case letters, digits and _, starting with a letter.',
    es: 'Usa minúsculas, dígitos y _, empezando por una letra.',
  },
  field_key_taken: {
    en: 'Another field already uses this key.',
    es: 'Otro campo ya usa esta clave.',
  },
  options_required: { en: 'Add at least one option.', es: 'Añade al menos una opción.' },
  csv_type: { en: 'Only CSV files are allowed.', es: 'Solo se permiten archivos CSV.' },
  unknown_columns: { en: 'Unknown columns: {0}.', es: 'Columnas desconocidas: {0}.' },
  blank_columns: {
    en: 'Every column of the first line needs a name.',
    es: 'Cada columna de la primera línea necesita un nombre.',
  },
  surplus_columns: {
    en: 'The first line names a column twice or has more columns than a lead has.',
    es: 'La primera línea nombra una columna dos veces o tiene más columnas que un cliente potencial.',
  },
  too_many_rows: {
    en: 'A file can have at most {0} rows. Split it into smaller files.',
    es: 'Un archivo puede tener como máximo {0} filas. Divídelo en archivos más pequeños.',
  },
  row_too_long: {
    en: 'A row of the file is too long. Shorten its texts.',
    es: 'Una fila del archivo es demasiado larga. Acorta sus textos.',
  },
  import_too_slow: {
    en: 'The file took too long to read. Split it into smaller files.',
    es: 'El archivo tardó demasiado en leerse. Divídelo en archivos más pequeños.',
  },
  retention_range: {
    en: 'Enter a number of days from 30 to 3650, or leave it empty to keep everything.',
    es: 'Escribe un número de días entre 30 y 3650, o déjalo vacío para conservarlo todo.',
  },
  name_mismatch: {
    en: 'Type the name exactly as it is shown.',
    es: 'Escribe el nombre exactamente como aparece.',
  },
};

export const errorMessages: Catalog<ErrorCode> = {
  validation_failed: {
    en: 'Some fields are not valid. Check them and try again.',
    es: 'Algunos campos no son válidos. Revísalos e inténtalo de nuevo.',
  },
  invalid_json: {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es JSON válido.',
  },
  unauthorized: { en: 'Please sign in to continue.', es: 'Inicia sesión para continuar.' },
  session_invalid: { en: 'The session is no longer valid', es: 'La sesión ya no es válida' },
  session_expired: {
    en: 'Your session has expired. Please sign in again.',
    es: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  },
  forbidden: {
    en: 'You do not have permission to do this.',
    es: 'No tienes permiso para hacer esto.',
  },
  guest_forbidden: {
    en: 'A chat visitor cannot use the console.',
    es: 'Un visitante del chat no puede usar la consola.',
  },
  institution_required: {
    en: 'Choose an institution first.',
    es: 'Elige primero una institución.',
  },
  not_ready: {
    en: 'The service is starting or cannot reach its database or file store.',
    es: 'El servicio está arrancando o no llega a su base de datos o a su almacén de archivos.',
  },
  storage_unavailable: {
    en: 'The file store cannot be reached. Try again in a few minutes.',
    es: 'No se puede acceder al almacén de archivos. Vuelve a intentarlo en unos minutos.',
  },
  not_found: { en: 'Not found', es: 'No encontrado' },
  conflict: {
    en: 'This changed in the meantime. Reload and try again.',
    es: 'Esto cambió mientras tanto. Recarga e inténtalo de nuevo.',
  },
  phone_number_id_taken: {
    en: 'Another assistant already uses this WhatsApp number.',
    es: 'Otro asistente ya usa este número de WhatsApp.',
  },
  whatsapp_number_unverified: {
    en: "Meta does not confirm that this phone number ID belongs to the access token. Check both in your app in Meta's developer console.",
    es: 'Meta no confirma que este identificador de número pertenezca al token de acceso. Revisa ambos en tu app de la consola de desarrolladores de Meta.',
  },
  whatsapp_unreachable: {
    en: 'WhatsApp (Meta) cannot be reached to check the number. Nothing was saved; try again in a few minutes.',
    es: 'No se puede contactar con WhatsApp (Meta) para comprobar el número. No se guardó nada; inténtalo de nuevo en unos minutos.',
  },
  number_already_allowed: {
    en: 'This phone number is already on the list.',
    es: 'Este número de teléfono ya está en la lista.',
  },
  already_member: {
    en: 'This person is already a member of the team.',
    es: 'Esta persona ya forma parte del equipo.',
  },
  already_invited: {
    en: 'This address already has a pending invitation. Send it again from the list.',
    es: 'Esta dirección ya tiene una invitación pendiente. Reenvíala desde la lista.',
  },
  last_main: {
    en: 'The team needs at least one main administrator.',
    es: 'El equipo necesita al menos un administrador principal.',
  },
  institutions_to_delete: {
    en: 'Deleting your account also deletes {names}, where you are the only member. Confirm to go on.',
    es: 'Eliminar tu cuenta también elimina {names}, donde eres el único miembro. Confírmalo para continuar.',
  },
  account_has_no_password: {
    en: 'Your account signs in with Google or Microsoft. Set a password first (Forgot password) to confirm the deletion.',
    es: 'Tu cuenta inicia sesión con Google o Microsoft. Crea primero una contraseña (¿Olvidaste tu contraseña?) para confirmar la eliminación.',
  },
  invitation_other_email: {
    en: 'This invitation is for another email address. Sign in with the invited address.',
    es: 'Esta invitación es para otra dirección de correo. Inicia sesión con la dirección invitada.',
  },
  handoff_nothing_to_confirm: {
    en: 'The handoff details have no email address waiting for confirmation.',
    es: 'Los datos de derivación no tienen ningún correo electrónico pendiente de confirmar.',
  },
  invitation_unusable: {
    en: 'This invitation can no longer be used.',
    es: 'Esta invitación ya no se puede usar.',
  },
  email_unverified: {
    en: 'Confirm your email address first: we sent a code to it.',
    es: 'Primero confirma tu dirección de correo: te enviamos un código.',
  },
  email_taken: {
    en: 'An account with this email already exists. Sign in instead.',
    es: 'Ya existe una cuenta con este correo. Inicia sesión.',
  },
  invalid_credentials: {
    en: 'The email or password is incorrect.',
    es: 'El correo o la contraseña no son correctos.',
  },
  rate_limited: {
    en: 'Too many attempts. Try again in {minutes} min.',
    es: 'Demasiados intentos. Vuelve a intentarlo en {minutes} min.',
  },
  too_many_streams: {
    en: 'Too many live connections are open for your account. Close some tabs and try again.',
    es: 'Tu cuenta tiene demasiadas conexiones en vivo abiertas. Cierra algunas pestañas y vuelve a intentarlo.',
  },
  payload_too_large: { en: 'The request is too large.', es: 'La solicitud es demasiado grande.' },
  unsupported_media_type: {
    en: 'This type of content is not supported.',
    es: 'Este tipo de contenido no es compatible.',
  },
  invalid_verification_code: {
    en: 'The code is not correct. Check the email we sent you.',
    es: 'El código no es correcto. Revisa el correo que te enviamos.',
  },
  verification_code_expired: {
    en: 'The code has expired. Ask for a new one.',
    es: 'El código ha caducado. Pide uno nuevo.',
  },
  resend_too_soon: {
    en: 'Wait {seconds} s before asking for another code.',
    es: 'Espera {seconds} s antes de pedir otro código.',
  },
  reset_token_invalid: {
    en: 'This reset link is invalid or has expired. Ask for a new one.',
    es: 'Este enlace de restablecimiento no es válido o ha caducado. Pide uno nuevo.',
  },
  wrong_current_password: {
    en: 'The current password is incorrect.',
    es: 'La contraseña actual no es correcta.',
  },
  provider_disabled: {
    en: 'This sign-in method is not enabled.',
    es: 'Este método de inicio de sesión no está habilitado.',
  },
  provider_token_invalid: {
    en: 'The sign-in could not be verified. Try again.',
    es: 'No se pudo verificar el inicio de sesión. Inténtalo de nuevo.',
  },
  account_uses_other_method: {
    en: 'An account with this email already exists. Sign in with your password.',
    es: 'Ya existe una cuenta con este correo. Inicia sesión con tu contraseña.',
  },
  provider_nonce_invalid: {
    en: 'This sign-in has expired or was already used. Try again.',
    es: 'Este inicio de sesión caducó o ya se usó. Inténtalo de nuevo.',
  },
  provider_email_unverified: {
    en: 'Microsoft did not confirm that this email address is yours, so no account can be made with it. Sign up with your email instead, or ask your organisation to verify its domain.',
    es: 'Microsoft no confirmó que esta dirección de correo sea tuya, así que no se puede crear una cuenta con ella. Regístrate con tu correo o pide a tu organización que verifique su dominio.',
  },
  link_inactive: {
    en: 'Nothing here yet. The chat link is inactive - please contact your institution',
    es: 'Aún no hay nada aquí. El enlace del chat está inactivo; contacta con tu institución',
  },
  conversation_taken: {
    en: '{name} is already answering this conversation.',
    es: '{name} ya está atendiendo esta conversación.',
  },
  conversation_not_held: {
    en: 'Take the conversation over before answering in it.',
    es: 'Toma la conversación antes de responder en ella.',
  },
  faq_limit: {
    en: 'The assistant already has {limit} FAQs, the most it can have. Remove one before adding a correction.',
    es: 'El asistente ya tiene {limit} preguntas frecuentes, el máximo. Elimina una antes de añadir una corrección.',
  },
  no_question: {
    en: 'This answer replied to no question, so there is nothing to correct.',
    es: 'Esta respuesta no contestaba a ninguna pregunta, así que no hay nada que corregir.',
  },
  answer_failed: {
    en: 'The assistant could not answer right now. Try again in a moment.',
    es: 'El asistente no pudo responder ahora. Inténtalo de nuevo en un momento.',
  },
  model_limited: {
    en: 'The assistant has used its AI answers for now. Try again in {minutes} min.',
    es: 'El asistente ha agotado sus respuestas con IA por ahora. Vuelve a intentarlo en {minutes} min.',
  },
  model_unavailable: {
    en: 'The AI model is not answering right now. Try again in {minutes} min.',
    es: 'El modelo de IA no está respondiendo ahora. Vuelve a intentarlo en {minutes} min.',
  },
  origin_not_allowed: {
    en: 'This website may not show this chat.',
    es: 'Este sitio web no puede mostrar este chat.',
  },
  url_not_allowed: {
    en: 'This address cannot be crawled: use a public http or https address without a user name or password.',
    es: 'Esta dirección no se puede rastrear: usa una dirección http o https pública, sin usuario ni contraseña.',
  },
  crawl_running: {
    en: 'This website is being crawled already. Wait for the crawl to finish.',
    es: 'Este sitio web ya se está rastreando. Espera a que termine el rastreo.',
  },
  quota_exceeded: {
    en: 'You have reached the limit of {limit}.',
    es: 'Has alcanzado el límite de {limit}.',
  },
  internal_error: {
    en: 'Something went wrong on our side. Try again in a moment.',
    es: 'Algo salió mal de nuestro lado. Inténtalo de nuevo en un momento.',
  },
};

/** What a `quota_exceeded` answer says, by quota (the code stays `quota_exceeded`). */
export const quotaMessages: Catalog<'institution_quota' | 'assistant_quota' | 'website_quota'> = {
  website_quota: {
    en: 'An assistant can learn from at most {limit} websites. Remove one to add another.',
    es: 'Un asistente puede aprender de {limit} sitios web como máximo. Quita uno para añadir otro.',
  },
  institution_quota: {
    en: 'You can create at most {limit} institutions. Contact us if you need more.',
    es: 'Puedes crear como máximo {limit} instituciones. Contáctanos si necesitas más.',
  },
  assistant_quota: {
    en: 'An institution can have at most {limit} assistants. Contact us if you need more.',
    es: 'Una institución puede tener como máximo {limit} asistentes. Contáctanos si necesitas más.',
  },
};

export const successMessages: Catalog<MessageCode> = {
  password_updated: {
    en: 'Password was successfully updated.',
    es: 'La contraseña se actualizó correctamente.',
  },
  reset_mail_sent: {
    en: 'If an account exists for this email, we sent a link to reset the password.',
    es: 'Si existe una cuenta con este correo, te enviamos un enlace para restablecer la contraseña.',
  },
  password_reset: {
    en: 'Your password was reset. Sign in with the new one.',
    es: 'Tu contraseña se restableció. Inicia sesión con la nueva.',
  },
  logged_out: { en: 'You are signed out.', es: 'Has cerrado sesión.' },
  deleted: { en: 'Delete successfully.', es: 'Eliminado correctamente.' },
  phone_added: { en: 'Phone number successfully added.', es: 'Número de teléfono añadido correctamente.' },
  phone_deleted: {
    en: 'Phone number successfully deleted.',
    es: 'Número de teléfono eliminado correctamente.',
  },
  email_verified: { en: 'Your email address is confirmed.', es: 'Tu dirección de correo está confirmada.' },
  handoff_confirmation_sent: {
    en: 'We sent the confirmation link to the handoff email address.',
    es: 'Enviamos el enlace de confirmación al correo electrónico de derivación.',
  },
};
