import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import {
  API,
  baseHandlers,
  fail,
  forever,
  ok,
  sessionAnswer,
  signedIn,
  withData,
} from '../../testing/stories';
import type { GoogleIdentity } from './google-identity';
import { SignInFlow } from './sign-in-flow';
import { CodeStep } from './steps/code-step';
import { PasswordStep } from './steps/password-step';

/** Stands in for Google's script in stories: its button is drawn locally, nothing is fetched. */
const localGoogle = async (): Promise<GoogleIdentity> => ({
  initialize() {},
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.style.cssText =
      'width:100%;min-height:2.5rem;border:1px solid #737b8c;border-radius:12px;background:#fff;color:#16181d;font:inherit';
    parent.replaceChildren(button);
  },
  prompt() {},
});

const providers = http.get(`${API}/auth/providers`, () =>
  ok({ google_client_id: 'google-client.apps.example', microsoft_client_id: '00000000-aaaa' }),
);

const meta = {
  title: 'Features/Auth/Sign-in flow',
  component: SignInFlow,
  tags: ['autodocs'],
  args: { onSignedIn: fn(), onForgotPassword: fn(), loadGoogle: localGoogle },
  decorators: [withData()],
  parameters: { msw: { handlers: baseHandlers } },
} satisfies Meta<typeof SignInFlow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initial: Story = {};

export const WithGoogleAndMicrosoft: Story = {
  args: { getMicrosoftIdToken: fn(async () => 'microsoft.id.token') },
  parameters: {
    msw: {
      handlers: [providers, http.post(`${API}/auth/microsoft`, () => ok(sessionAnswer())), ...baseHandlers],
    },
  },
};

export const WaitingForProviders: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/auth/providers`, forever), ...baseHandlers] } },
};

export const ProvidersUnavailable: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/auth/providers`, () => fail(503, 'internal_error', 'Service unavailable')),
        ...baseHandlers,
      ],
    },
  },
};

export const EmailStep: Story = { args: { startAt: 'email' } };

export const EmailInvalid: Story = {
  args: { startAt: 'email' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Email|^Correo/), 'ana@colegio');
    await userEvent.click(canvas.getByRole('button', { name: /^Continue$|^Continuar$/ }));
  },
};

export const Login: Story = { args: { startAt: 'login' } };

const submitLogin: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(/^Email|^Correo/), 'marta.gil@colegiosol.es');
  await userEvent.type(canvas.getByLabelText(/^Password\*?$|^Contraseña\*?$/), 'Passw0rd!');
  await userEvent.click(canvas.getByRole('button', { name: /^Log in$|^Iniciar sesión$/ }));
};

export const LoggingIn: Story = {
  args: { startAt: 'login' },
  parameters: { msw: { handlers: [http.post(`${API}/auth/login`, forever), ...baseHandlers] } },
  play: submitLogin,
};

export const WrongPassword: Story = {
  args: { startAt: 'login' },
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/auth/login`, () =>
          fail(401, 'invalid_credentials', 'The email or password is incorrect.'),
        ),
        ...baseHandlers,
      ],
    },
  },
  play: submitLogin,
};

export const AboutYou: Story = { args: { startAt: 'about-you' }, decorators: [withData(signedIn)] };

export const AboutYourSchool: Story = {
  args: { startAt: 'about-school' },
  decorators: [withData({ ...signedIn, institutionId: null })],
};

export const SelectInstitution: Story = {
  args: { startAt: 'select-institution' },
  decorators: [withData(signedIn)],
};

export const SelectInstitutionWaiting: Story = {
  args: { startAt: 'select-institution' },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: [http.get(`${API}/user/:id/institution`, forever), ...baseHandlers] } },
};

export const Spanish: Story = { globals: { locale: 'es' } };

const codeArgs = {
  email: 'ana.lopez@colegioluna.edu',
  code: '',
  sentCount: 1,
  onCode: fn(),
  onResent: fn(),
  onChangeEmail: fn(),
  onBusy: fn(),
};

export const CodeCountingDown: Story = {
  render: () => <CodeStep {...codeArgs} resendAfterSeconds={45} />,
};

export const CodeCanBeResent: Story = {
  parameters: {
    msw: { handlers: [http.post(`${API}/user/register-by-email`, () => ok({ resend_after_seconds: 60 }))] },
  },
  render: () => <CodeStep {...codeArgs} resendAfterSeconds={0} />,
};

export const CodeRefused: Story = {
  render: () => (
    <CodeStep
      {...codeArgs}
      code="123456"
      resendAfterSeconds={12}
      codeError="The code is not correct. Check the email we sent you."
    />
  ),
};

export const CreatePassword: Story = {
  render: () => (
    <PasswordStep
      email="ana.lopez@colegioluna.edu"
      code="123456"
      onCreated={fn()}
      onCodeRefused={fn()}
      onBack={fn()}
      onBusy={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Password\*?$|^Contraseña\*?$/), 'colegio1');
    await userEvent.type(canvas.getByLabelText(/^Repeat password|^Repite la contraseña/), 'colegio2');
    await userEvent.click(canvas.getByRole('button', { name: /^Create account$|^Crear cuenta$/ }));
  },
};
