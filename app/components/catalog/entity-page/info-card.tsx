// The entity page's cards are the kit's InfoCard; this name stays so the cards' imports read locally.
export { InfoCard } from "~/components/ui/info-card";
