/** Where the inline head script leaves an install offer that came before install-prompt.ts loaded. */
export const earlyOfferKey = "__mailroomInstallOffer";

export const earlyInstallOfferScript = `addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.${earlyOfferKey}=e})`;
