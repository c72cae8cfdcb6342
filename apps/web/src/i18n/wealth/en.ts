/** wealth: English strings for the finance tab, the reference for the other languages (./<lang>.ts). */
export const wealth = {
  viewAll: "View all",
  noProducts: "No products on offer right now",
  noProjects: "No subscriptions open or coming",
  todayRate: "Today {{rate}}",
  dailyYield: "Daily yield",
  apr: "APR",
  dualTerms: "Linked price {{price}} · matures {{date}}",
  ieoPrice: "{{price}} {{pay}} per {{token}}",
  subscribed: "Subscribed",
  myHoldings: "My holdings",
  inProgress: "{{count}} in progress",
  subscriptions_one: "{{count}} subscription",
  subscriptions_other: "{{count}} subscriptions",
  productGone: "This product is not available: it may have ended or been taken off sale.",
  projectGone: "This project is not available: it may have been taken down.",
  backToList: "See the products on offer",
};
