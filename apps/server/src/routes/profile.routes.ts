import type { FastifyInstance } from 'fastify';
import {
  confirmEmailChangeEndpoint,
  deleteAccountEndpoint,
  getAppConfigurationEndpoint,
  getUserInfoEndpoint,
  removeLogoEndpoint,
  setAppConfigurationEndpoint,
  updateProfileEndpoint,
  updateProfilePictureEndpoint,
  userLogoEndpoint,
  userPictureEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http/http-error';
import { registerEndpoint } from '../http/route';
import { DEFAULT_PROFILE_PICTURE_SVG } from '../services/default-picture';
import { confirmEmailChange } from '../services/email-change.service';
import { readImageUpload } from '../services/image-upload';
import {
  deleteAccount,
  findImage,
  logoUrl,
  pictureUrl,
  removeLogo,
  replaceImage,
  updateProfile,
  userInfo,
} from '../services/profile.service';
import { contentTypeOfKey } from '../storage/media-keys';

/** Versioned URLs (?v=…, from get_user_info) never change content; plain ones must be re-checked. */
function cacheControl(query: unknown): string {
  const v = (query as { v?: string } | undefined)?.v;
  return v && v !== 'default' ? 'public, max-age=604800, immutable' : 'no-cache';
}

/** SPEC §7 profile calls, plus the picture and logo files they point at. */
export function profileRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, getUserInfoEndpoint, ({ body, auth }) => userInfo(deps, auth, body.username));

  registerEndpoint(app, deps, updateProfileEndpoint, ({ body, auth }) => updateProfile(deps, auth, body));

  registerEndpoint(app, deps, confirmEmailChangeEndpoint, ({ body }) => confirmEmailChange(deps, body.token));

  registerEndpoint(app, deps, updateProfilePictureEndpoint, async ({ req, auth }) => {
    const upload = await readImageUpload(req, 'profile_picture');
    const named = upload.fields.username;
    if (named && named !== auth.user.username) {
      throw badRequest('You can only change your own profile picture.');
    }
    const user = await replaceImage(deps, auth, 'picture', upload);
    return { profile_picture: pictureUrl(user) };
  });

  registerEndpoint(app, deps, getAppConfigurationEndpoint, async ({ auth }) => ({
    logo: logoUrl(auth.user),
  }));

  registerEndpoint(app, deps, setAppConfigurationEndpoint, async ({ req, auth }) => {
    const user = await replaceImage(deps, auth, 'logo', await readImageUpload(req, 'logo'));
    return { logo: logoUrl(user) };
  });

  registerEndpoint(app, deps, removeLogoEndpoint, async ({ auth }) => {
    await removeLogo(deps, auth);
    return { logo: null };
  });

  registerEndpoint(app, deps, deleteAccountEndpoint, ({ body, auth }) =>
    deleteAccount(deps, auth, body.confirm),
  );

  registerEndpoint(app, deps, userPictureEndpoint, async ({ params, req, reply }) => {
    const image = await findImage(deps, params.username, 'picture');
    reply.header('cache-control', cacheControl(req.query));
    if (!image) {
      return reply.header('content-type', 'image/svg+xml').send(DEFAULT_PROFILE_PICTURE_SVG);
    }
    return reply
      .header('content-type', contentTypeOfKey(image.key))
      .header('x-content-type-options', 'nosniff')
      .send(await deps.storage.get(image.key));
  });

  registerEndpoint(app, deps, userLogoEndpoint, async ({ params, req, reply }) => {
    const image = await findImage(deps, params.username, 'logo');
    if (!image) throw notFound('This user has no logo.');
    return reply
      .header('content-type', contentTypeOfKey(image.key))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cacheControl(req.query))
      .send(await deps.storage.get(image.key));
  });
}
