import type { FastifyInstance } from 'fastify';
import {
  checkOtpVerifiedEndpoint,
  loginEndpoint,
  logoutEndpoint,
  newPasswordEndpoint,
  registerEndpoint as registerCall,
  resetOtpChallengeEndpoint,
  resetPasswordEndpoint,
  setInstitutionalUseEndpoint,
  verifyEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { login, logout, resetOtpChallenge, setInstitutionalUse, verifyCode } from '../services/auth.service';
import { requestPasswordReset, setNewPassword } from '../services/password-reset.service';
import { register } from '../services/registration.service';

/** SPEC §7 authentication calls. */
export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, loginEndpoint, ({ body, req }) => login(deps, body, req.ip));

  registerEndpoint(app, deps, verifyEndpoint, ({ body, auth, req }) => verifyCode(deps, auth, body, req.ip));

  registerEndpoint(app, deps, checkOtpVerifiedEndpoint, async ({ auth }) => ({
    otp_verified: auth.verified,
  }));

  registerEndpoint(app, deps, resetOtpChallengeEndpoint, ({ auth }) => resetOtpChallenge(deps, auth));

  registerEndpoint(app, deps, logoutEndpoint, ({ auth }) => logout(deps, auth));

  registerEndpoint(app, deps, registerCall, ({ body, req }) => register(deps, body, req.ip));

  registerEndpoint(app, deps, resetPasswordEndpoint, ({ body, req }) =>
    requestPasswordReset(deps, body.email, req.ip),
  );

  registerEndpoint(app, deps, newPasswordEndpoint, ({ body }) =>
    setNewPassword(deps, body.token, body.password),
  );

  registerEndpoint(app, deps, setInstitutionalUseEndpoint, async ({ body, auth }) => {
    await setInstitutionalUse(deps, auth, body.institutional_use);
    return { institutional_use: body.institutional_use };
  });
}
