import type { UserInfo } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveUser, useStore } from '../store/store.ts';
import { get, post, upload } from './client.ts';

/** Calls of spec section 7 "User" that this app uses so far. */
export const userKeys = {
  all: ['user'] as const,
  info: ['user', 'info'] as const,
};

export const fetchUserInfo = () => get<UserInfo>('/user/info');

/** GET /user/info while logged in; the stored copy shows at once and is refreshed from the server. */
export function useUserInfo() {
  const token = useStore((s) => s.token);
  const stored = useStore((s) => s.user);
  return useQuery({
    queryKey: userKeys.info,
    queryFn: async () => {
      const user = await fetchUserInfo();
      saveUser(user);
      return user;
    },
    enabled: token !== '',
    initialData: stored ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.info });
}

/** POST /user/editNickname with the nickname, the signature, or both. */
export function useEditProfile() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (input: { nickname?: string; signature?: string }) => post<string>('/user/editNickname', input),
    onSuccess: refresh,
  });
}

/** Uploads the image (POST /upload), then makes it the avatar (POST /user/uploadHeadPortrait). */
export function useUploadAvatar() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: async (file: File) => {
      const head_portrait = await upload(file);
      await post<string>('/user/uploadHeadPortrait', { head_portrait });
      return head_portrait;
    },
    onSuccess: refresh,
  });
}
